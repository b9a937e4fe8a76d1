package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"time"
)

// A JSON Schema (draft-04) validator for the keywords the SARIF 2.1.0
// schema uses. A schema keyword it does not know is an error rather than
// ignored, so a schema it cannot fully check is never reported as passed.

type jsonSchema struct {
	root map[string]any
}

// knownKeywords are the draft-04 keywords the validator implements, or
// that only annotate (title, description, default).
var knownKeywords = map[string]bool{
	"$schema": true, "id": true, "title": true, "description": true, "default": true,
	"$ref": true, "type": true, "properties": true, "additionalProperties": true, "required": true,
	"items": true, "minItems": true, "uniqueItems": true, "enum": true, "minimum": true, "maximum": true,
	"pattern": true, "format": true, "anyOf": true, "oneOf": true, "definitions": true,
}

func compileSchema(data []byte) (*jsonSchema, error) {
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil {
		return nil, err
	}
	var bad []string
	var walk func(path string, s any)
	walk = func(path string, s any) {
		m, ok := s.(map[string]any)
		if !ok {
			return
		}
		for k, v := range m {
			switch {
			case !knownKeywords[k]:
				bad = append(bad, path+"/"+k)
			case k == "properties" || k == "definitions":
				for name, sub := range v.(map[string]any) {
					walk(path+"/"+k+"/"+name, sub)
				}
			case k == "items" || k == "additionalProperties":
				walk(path+"/"+k, v)
			case k == "anyOf" || k == "oneOf":
				for i, sub := range v.([]any) {
					walk(fmt.Sprintf("%s/%s/%d", path, k, i), sub)
				}
			}
		}
	}
	walk("#", root)
	if len(bad) > 0 {
		sort.Strings(bad)
		return nil, fmt.Errorf("the validator does not implement %v", bad)
	}
	return &jsonSchema{root: root}, nil
}

// validate returns every violation of doc, by JSON pointer.
func (js *jsonSchema) validate(doc []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []string{err.Error()}
	}
	var errs []string
	js.check(js.root, v, "", &errs)
	return errs
}

func (js *jsonSchema) resolve(ref string) map[string]any {
	name, ok := strings.CutPrefix(ref, "#/definitions/")
	if !ok {
		return nil
	}
	s, _ := js.root["definitions"].(map[string]any)[name].(map[string]any)
	return s
}

func (js *jsonSchema) check(s map[string]any, v any, at string, errs *[]string) {
	fail := func(format string, args ...any) { *errs = append(*errs, at+": "+fmt.Sprintf(format, args...)) }
	if ref, ok := s["$ref"].(string); ok {
		target := js.resolve(ref)
		if target == nil {
			fail("unresolvable $ref %s", ref)
			return
		}
		js.check(target, v, at, errs)
		// In draft-04 $ref replaces the schema it sits in (its siblings
		// are descriptions here).
		return
	}
	if t, ok := s["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		match := false
		for _, ty := range types {
			match = match || hasType(v, ty)
		}
		if !match {
			fail("%s is not of type %v", brief(v), types)
			return
		}
	}
	if e, ok := s["enum"].([]any); ok {
		found := false
		for _, x := range e {
			found = found || jsonEqual2(x, v)
		}
		if !found {
			fail("%s is not one of %v", brief(v), e)
		}
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for _, r := range asSlice(s["required"]) {
			if _, ok := v[r.(string)]; !ok {
				fail("missing required property %q", r)
			}
		}
		for k, x := range v {
			if ps, ok := props[k].(map[string]any); ok {
				js.check(ps, x, at+"/"+k, errs)
				continue
			}
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					fail("property %q is not allowed", k)
				}
			case map[string]any:
				js.check(ap, x, at+"/"+k, errs)
			}
		}
	case []any:
		if n, ok := s["minItems"].(float64); ok && float64(len(v)) < n {
			fail("%d items, fewer than %v", len(v), n)
		}
		if u, _ := s["uniqueItems"].(bool); u {
			for i := range v {
				for j := range i {
					if jsonEqual2(v[i], v[j]) {
						fail("items %d and %d are equal", j, i)
					}
				}
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range v {
				js.check(items, x, fmt.Sprintf("%s/%d", at, i), errs)
			}
		}
	case json.Number:
		f, _ := v.Float64()
		if m, ok := s["minimum"].(float64); ok && f < m {
			fail("%v is less than the minimum %v", v, m)
		}
		if m, ok := s["maximum"].(float64); ok && f > m {
			fail("%v is more than the maximum %v", v, m)
		}
	case string:
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(v) {
			fail("%q does not match %s", v, p)
		}
		if f, ok := s["format"].(string); ok {
			if err := checkFormat(f, v); err != nil {
				fail("%q is not a %s: %v", v, f, err)
			}
		}
	}
	if anyOf := asSlice(s["anyOf"]); anyOf != nil {
		ok := false
		for _, sub := range anyOf {
			var e []string
			js.check(sub.(map[string]any), v, at, &e)
			ok = ok || len(e) == 0
		}
		if !ok {
			fail("matches none of anyOf")
		}
	}
	if oneOf := asSlice(s["oneOf"]); oneOf != nil {
		n := 0
		for _, sub := range oneOf {
			var e []string
			js.check(sub.(map[string]any), v, at, &e)
			if len(e) == 0 {
				n++
			}
		}
		if n != 1 {
			fail("matches %d of oneOf, want exactly 1", n)
		}
	}
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

func hasType(v any, ty string) bool {
	switch ty {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		f, err := n.Float64()
		return err == nil && f == math.Trunc(f)
	}
	return false
}

// jsonEqual2 compares two decoded JSON values (schema values decode numbers
// as float64, documents as json.Number).
func jsonEqual2(a, b any) bool {
	norm := func(x any) string {
		out, _ := json.Marshal(x)
		var y any
		json.Unmarshal(out, &y)
		out, _ = json.Marshal(y)
		return string(out)
	}
	return norm(a) == norm(b)
}

func checkFormat(format, v string) error {
	switch format {
	case "uri":
		u, err := url.Parse(v)
		if err != nil {
			return err
		}
		if u.Scheme == "" {
			return fmt.Errorf("not absolute")
		}
	case "uri-reference":
		_, err := url.Parse(v)
		return err
	case "date-time":
		_, err := time.Parse(time.RFC3339, v)
		return err
	default:
		return fmt.Errorf("unknown format")
	}
	return nil
}

func brief(v any) string {
	s := fmt.Sprint(v)
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return s
}

package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"tdls/analysis"
)

// testdata/sarif-schema-2.1.0.json is the OASIS SARIF 2.1.0 schema
// (errata 01, oasis-tcs/sarif-spec Schemata/sarif-schema-2.1.0.json).
func sarifSchema(t *testing.T) *jsonSchema {
	t.Helper()
	data, err := os.ReadFile("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := compileSchema(data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The validator rejects what the schema rejects (so that its passing
// means something).
func TestSARIFValidatorRejects(t *testing.T) {
	s := sarifSchema(t)
	good := `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [
		{"message": {"text": "m"}, "level": "warning", "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a.td"}, "region": {"startLine": 1}}}]}]}]}`
	if errs := s.validate([]byte(good)); len(errs) != 0 {
		t.Fatalf("a valid log is rejected: %v", errs)
	}
	for name, bad := range map[string]string{
		"no version":        `{"runs": []}`,
		"bad version":       `{"version": "2.0.0", "runs": []}`,
		"unknown property":  `{"version": "2.1.0", "runs": [], "extra": 1}`,
		"no driver name":    `{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}`,
		"hint level":        `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "level": "hint"}]}]}`,
		"message not text":  `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"markdown": "m"}}]}]}`,
		"line 0":            `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a"}, "region": {"startLine": 0}}}]}]}]}`,
		"region anyOf":      `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a"}, "region": {"endLine": 2}}}]}]}]}`,
		"duplicate rules":   `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "rules": [{"id": "a"}, {"id": "a"}]}}}]}`,
		"relative info uri": `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "informationUri": "docs/x.md"}}}]}`,
		"column kind":       `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "columnKind": "bytes"}]}`,
	} {
		if errs := s.validate([]byte(bad)); len(errs) == 0 {
			t.Errorf("%s: accepted %s", name, bad)
		}
	}
}

// tdls check --format=sarif validates against the SARIF 2.1.0 schema: every
// code as a rule with its description, each diagnostic a result at its
// range (UTF-16 columns) with its related locations.
func TestCheckSARIFValidates(t *testing.T) {
	needMLIRHeaders(t)
	s := sarifSchema(t)
	drrSrc := `include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> { let arguments = (ins I32:$x, I32Attr:$attr); let results = (outs I32:$r); }
def BOp : Op<T_Dialect, "b"> { let summary = "Does b."; let arguments = (ins I32:$x); let results = (outs I32:$r); }
/* é😀 */ def : Pat<(AOp $x), (BOp $x)>;
`
	files := map[string]string{"dir/p.td": drrSrc, "bad.td": "def A { int i = \"s\"; }\ninclude \"nope.td\"\n"}
	out, errOut, code := checkIn(t, files, "--format=sarif", "--hints", "-I", mlirIncludeDir, "dir/p.td", "bad.td")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if errs := s.validate([]byte(out)); len(errs) != 0 {
		t.Fatalf("tdls check --format=sarif does not validate against SARIF 2.1.0:\n%s\n%s", strings.Join(errs, "\n"), out)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct {
						ID                   string
						ShortDescription     struct{ Text string }
						DefaultConfiguration struct{ Level string }
					}
				}
			}
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Results            []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string } `json:"artifactLocation"`
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
				RelatedLocations []struct{ Message struct{ Text string } }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	rules := run.Tool.Driver.Rules
	if run.Tool.Driver.Name != "tdls" || len(rules) != len(analysis.Codes()) {
		t.Errorf("driver %q with %d rules, want tdls with every code (%d)", run.Tool.Driver.Name, len(rules), len(analysis.Codes()))
	}
	if !strings.HasPrefix(run.OriginalURIBaseIDs["%SRCROOT%"].URI, "file:///") {
		t.Errorf("%%SRCROOT%% = %+v", run.OriginalURIBaseIDs)
	}
	byCode := map[string]int{}
	for _, r := range run.Results {
		byCode[r.RuleID]++
		if rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s has ruleIndex %d, which is %s", r.RuleID, r.RuleIndex, rules[r.RuleIndex].ID)
		}
		if len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID != "%SRCROOT%" {
			t.Errorf("result %s: locations %+v", r.RuleID, r.Locations)
		}
		if r.RuleID == "drr-arg-count" {
			// Line 6, after "/* é😀 */ def : Pat<": 20 UTF-16 units, so
			// column 21; "(AOp $x)" is 8 more.
			reg := r.Locations[0].PhysicalLocation.Region
			if loc := r.Locations[0].PhysicalLocation.ArtifactLocation.URI; loc != "dir/p.td" || reg.StartLine != 6 || reg.StartColumn != 21 || reg.EndLine != 6 || reg.EndColumn != 29 {
				t.Errorf("drr-arg-count at %s %+v", loc, reg)
			}
			if r.Level != "error" || len(r.RelatedLocations) == 0 {
				t.Errorf("drr-arg-count: level %s, related %+v", r.Level, r.RelatedLocations)
			}
		}
		if r.RuleID == "ods-summary-period" && r.Level != "note" {
			t.Errorf("a style lint (a hint) has level %s, want note", r.Level)
		}
	}
	for _, want := range []string{"drr-arg-count", "eval-type", "include-not-found", "ods-summary-period"} {
		if byCode[want] == 0 {
			t.Errorf("no %s result: %v", want, byCode)
		}
	}
	for _, r := range rules {
		if r.ID == "ods-summary-period" && r.DefaultConfiguration.Level != "note" || r.ShortDescription.Text == "" {
			t.Errorf("rule %+v", r)
		}
	}
	// No diagnostics: still a valid log.
	out, _, code = checkIn(t, map[string]string{"a.td": cleanTd}, "--format=sarif", "a.td")
	if errs := s.validate([]byte(out)); code != 0 || len(errs) != 0 {
		t.Errorf("a clean file: exit %d, %v", code, errs)
	}
}

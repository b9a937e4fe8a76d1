package report

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"tdls/tablegen"
)

// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), as code
// scanning services read it: one run of tdls, every diagnostic code as a
// rule with its description, each diagnostic as a result at its range
// (1-based lines, UTF-16 columns) with its related locations.

// SARIFTool describes tdls and the rules (diagnostic codes) it reports.
type SARIFTool struct {
	Name, Version, InformationURI string
	Rules                         []SARIFRule
	// Root is the directory result paths are written relative to (as
	// %SRCROOT%); files outside it get absolute file: URIs.
	Root string
}

// SARIFRule is one diagnostic code.
type SARIFRule struct {
	ID           string
	Summary      string
	Help         string // the example, or what raises the code
	DefaultLevel tablegen.Severity
	Tags         []string
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifToolObj                `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                      `json:"columnKind"`
	Results            []sarifResult               `json:"results"`
}

type sarifToolObj struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string            `json:"name"`
	Version        string            `json:"version,omitempty"`
	InformationURI string            `json:"informationUri,omitempty"`
	Rules          []sarifDescriptor `json:"rules"`
}

type sarifDescriptor struct {
	ID                   string          `json:"id"`
	ShortDescription     sarifText       `json:"shortDescription"`
	Help                 *sarifText      `json:"help,omitempty"`
	DefaultConfiguration sarifConfig     `json:"defaultConfiguration"`
	Properties           *sarifPropsTags `json:"properties,omitempty"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifPropsTags struct {
	Tags []string `json:"tags"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        *int            `json:"ruleIndex,omitempty"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations,omitempty"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int             `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLoc `json:"physicalLocation"`
	Message          *sarifText       `json:"message,omitempty"`
}

type sarifPhysicalLoc struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           *sarifRegion     `json:"region,omitempty"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// SARIFLevel is a severity as SARIF's result level: errors and warnings
// as such, information and hints as notes.
func SARIFLevel(s tablegen.Severity) string {
	switch s {
	case tablegen.SeverityError:
		return "error"
	case tablegen.SeverityWarning:
		return "warning"
	}
	return "note"
}

// WriteSARIF prints diags as one SARIF 2.1.0 log.
func WriteSARIF(w io.Writer, set *tablegen.SourceSet, diags []tablegen.Diagnostic, tool SARIFTool) error {
	ruleIndex := map[string]int{}
	driver := sarifDriver{Name: tool.Name, Version: tool.Version, InformationURI: tool.InformationURI, Rules: []sarifDescriptor{}}
	for i, r := range tool.Rules {
		ruleIndex[r.ID] = i
		d := sarifDescriptor{ID: r.ID, ShortDescription: sarifText{r.Summary}, DefaultConfiguration: sarifConfig{SARIFLevel(r.DefaultLevel)}}
		if r.Help != "" {
			d.Help = &sarifText{r.Help}
		}
		if len(r.Tags) > 0 {
			d.Properties = &sarifPropsTags{Tags: r.Tags}
		}
		driver.Rules = append(driver.Rules, d)
	}
	run := sarifRun{Tool: sarifToolObj{Driver: driver}, ColumnKind: "utf16CodeUnits", Results: []sarifResult{}}
	root := ""
	if tool.Root != "" {
		if abs, err := filepath.Abs(tool.Root); err == nil {
			root = abs
			run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{"%SRCROOT%": {URI: fileURI(abs) + "/"}}
		}
	}
	locate := func(r tablegen.Range) (sarifPhysicalLoc, bool) {
		at := resolve(set, r)
		if at.file == nil {
			return sarifPhysicalLoc{}, false
		}
		loc := sarifPhysicalLoc{ArtifactLocation: artifactOf(at.file.Name, root)}
		sl, sc := at.file.UTF16Column(at.start)
		el, ec := at.file.UTF16Column(at.end)
		loc.Region = &sarifRegion{StartLine: sl + 1, StartColumn: sc + 1, EndLine: el + 1, EndColumn: ec + 1}
		return loc, true
	}
	for _, d := range diags {
		res := sarifResult{RuleID: d.Code, Level: SARIFLevel(d.Severity), Message: sarifText{d.Message}}
		if i, ok := ruleIndex[d.Code]; ok {
			res.RuleIndex = &i
		}
		if loc, ok := locate(d.Range); ok {
			res.Locations = []sarifLocation{{PhysicalLocation: loc}}
		}
		for _, rel := range d.Related {
			if loc, ok := locate(rel.Range); ok {
				id := len(res.RelatedLocations) + 1
				res.RelatedLocations = append(res.RelatedLocations, sarifLocation{ID: &id, PhysicalLocation: loc, Message: &sarifText{rel.Message}})
			}
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

// artifactOf names a file relative to root (%SRCROOT%) when it is inside
// it, else by its absolute file: URI.
func artifactOf(name, root string) sarifArtifactLoc {
	abs, err := filepath.Abs(name)
	if err != nil {
		abs = name
	}
	if root != "" {
		if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: "%SRCROOT%"}
		}
	}
	return sarifArtifactLoc{URI: fileURI(abs)}
}

func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/...
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

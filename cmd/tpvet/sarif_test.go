package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The SARIF 2.1.0 schema (sarif-schema-2.1.0.json, OASIS) for the objects
// tpvet writes, transcribed: for each definition, its properties with their
// JSON types, the required ones, enums, minimums, uniqueness of array
// items, and the anyOf alternatives of required properties. Every object of
// these definitions has "additionalProperties": false in the schema, except
// property bags, which tpvet does not write. validateSARIF checks a
// document against it.

type prop struct {
	typ    string // "string", "integer", "object", "array", "boolean"
	ref    string // definition of an object, or of an array's items
	values string // definition of an object's values (a map), for "object"
	enum   []string
	min    *int
	unique bool
}

type definition struct {
	props    map[string]prop
	required []string
	anyOf    [][]string // at least one of these sets of required properties
}

func minimum(n int) *int { return &n }

var sarifDefs = map[string]definition{
	"sarifLog": {
		props: map[string]prop{
			"$schema": {typ: "string"},
			"version": {typ: "string", enum: []string{"2.1.0"}},
			"runs":    {typ: "array", ref: "run"},
		},
		required: []string{"version", "runs"},
	},
	"run": {
		props: map[string]prop{
			"tool":               {typ: "object", ref: "tool"},
			"results":            {typ: "array", ref: "result"},
			"originalUriBaseIds": {typ: "object", values: "artifactLocation"},
		},
		required: []string{"tool"},
	},
	"tool": {
		props:    map[string]prop{"driver": {typ: "object", ref: "toolComponent"}},
		required: []string{"driver"},
	},
	"toolComponent": {
		props: map[string]prop{
			"name":           {typ: "string"},
			"informationUri": {typ: "string"},
			"rules":          {typ: "array", ref: "reportingDescriptor", unique: true},
		},
		required: []string{"name"},
	},
	"reportingDescriptor": {
		props: map[string]prop{
			"id":               {typ: "string"},
			"shortDescription": {typ: "object", ref: "multiformatMessageString"},
			"helpUri":          {typ: "string"},
		},
		required: []string{"id"},
	},
	"multiformatMessageString": {
		props:    map[string]prop{"text": {typ: "string"}, "markdown": {typ: "string"}},
		required: []string{"text"},
	},
	"message": {
		props: map[string]prop{"text": {typ: "string"}, "id": {typ: "string"}},
		anyOf: [][]string{{"text"}, {"id"}},
	},
	"result": {
		props: map[string]prop{
			"ruleId":           {typ: "string"},
			"ruleIndex":        {typ: "integer", min: minimum(-1)},
			"level":            {typ: "string", enum: []string{"none", "note", "warning", "error"}},
			"message":          {typ: "object", ref: "message"},
			"locations":        {typ: "array", ref: "location"},
			"relatedLocations": {typ: "array", ref: "location", unique: true},
		},
		required: []string{"message"},
	},
	"location": {
		props: map[string]prop{
			"id":               {typ: "integer", min: minimum(-1)},
			"physicalLocation": {typ: "object", ref: "physicalLocation"},
			"message":          {typ: "object", ref: "message"},
		},
	},
	"physicalLocation": {
		props: map[string]prop{
			"address":          {typ: "object"},
			"artifactLocation": {typ: "object", ref: "artifactLocation"},
			"region":           {typ: "object", ref: "region"},
		},
		anyOf: [][]string{{"address"}, {"artifactLocation"}},
	},
	"artifactLocation": {
		props: map[string]prop{
			"uri":       {typ: "string"},
			"uriBaseId": {typ: "string"},
			"index":     {typ: "integer", min: minimum(-1)},
		},
	},
	"region": {
		props: map[string]prop{
			"startLine":   {typ: "integer", min: minimum(1)},
			"startColumn": {typ: "integer", min: minimum(1)},
			"endLine":     {typ: "integer", min: minimum(1)},
			"endColumn":   {typ: "integer", min: minimum(1)},
		},
	},
}

// validateSARIF returns the violations of the schema in a document.
func validateSARIF(doc []byte) []string {
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	var errs []string
	validateObject(v, "sarifLog", "$", &errs)
	return errs
}

func validateObject(v any, def, at string, errs *[]string) {
	obj, ok := v.(map[string]any)
	if !ok {
		*errs = append(*errs, fmt.Sprintf("%s: not an object (%s)", at, def))
		return
	}
	d := sarifDefs[def]
	for _, r := range d.required {
		if _, ok := obj[r]; !ok {
			*errs = append(*errs, fmt.Sprintf("%s: missing required property %q", at, r))
		}
	}
	if len(d.anyOf) > 0 {
		found := false
		for _, set := range d.anyOf {
			all := true
			for _, r := range set {
				if _, ok := obj[r]; !ok {
					all = false
				}
			}
			found = found || all
		}
		if !found {
			*errs = append(*errs, fmt.Sprintf("%s: none of the required alternatives %v", at, d.anyOf))
		}
	}
	for k, val := range obj {
		p, ok := d.props[k]
		if !ok {
			*errs = append(*errs, fmt.Sprintf("%s: property %q not allowed in %s", at, k, def))
			continue
		}
		validateValue(val, p, at+"."+k, errs)
	}
}

func validateValue(v any, p prop, at string, errs *[]string) {
	switch p.typ {
	case "string":
		s, ok := v.(string)
		if !ok {
			*errs = append(*errs, at+": not a string")
			return
		}
		if len(p.enum) > 0 && !contains(p.enum, s) {
			*errs = append(*errs, fmt.Sprintf("%s: %q not one of %v", at, s, p.enum))
		}
	case "integer":
		n, ok := v.(json.Number)
		i, err := n.Int64()
		if !ok || err != nil {
			*errs = append(*errs, at+": not an integer")
			return
		}
		if p.min != nil && i < int64(*p.min) {
			*errs = append(*errs, fmt.Sprintf("%s: %d below the minimum %d", at, i, *p.min))
		}
	case "object":
		switch {
		case p.ref != "":
			validateObject(v, p.ref, at, errs)
		case p.values != "":
			m, ok := v.(map[string]any)
			if !ok {
				*errs = append(*errs, at+": not an object")
				return
			}
			for k, e := range m {
				validateObject(e, p.values, at+"."+k, errs)
			}
		default:
			if _, ok := v.(map[string]any); !ok {
				*errs = append(*errs, at+": not an object")
			}
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			*errs = append(*errs, at+": not an array")
			return
		}
		for i, e := range a {
			validateObject(e, p.ref, fmt.Sprintf("%s[%d]", at, i), errs)
			if p.unique {
				for j := 0; j < i; j++ {
					if reflect.DeepEqual(a[j], e) {
						*errs = append(*errs, fmt.Sprintf("%s: items %d and %d are equal (uniqueItems)", at, j, i))
					}
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestSARIFValidates runs tpvet -sarif on the analyzer's test packages and
// validates the log against the schema; it also checks that the races are
// there with their other access as a related location.
func TestSARIFValidates(t *testing.T) {
	gopath, err := filepath.Abs(filepath.Join("..", "..", "analysis", "tprace", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off")
	var out, stderr bytes.Buffer
	dir := filepath.Join(gopath, "src", "example.com")
	if code := sarifMain([]string{"-sarif", "-test=false", "example.com/races", "example.com/precision"}, dir, env, &out, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if errs := validateSARIF(out.Bytes()); len(errs) > 0 {
		t.Fatalf("the log violates the SARIF 2.1.0 schema:\n%s", strings.Join(errs, "\n"))
	}
	var log sarifLog
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	races, related := 0, 0
	for _, r := range log.Runs[0].Results {
		if r.RuleID == "tprace/race" {
			races++
			if len(r.RelatedLocations) == 1 && r.RelatedLocations[0].Message != nil {
				related++
			}
			if u := r.Locations[0].PhysicalLocation.ArtifactLocation; u.URIBaseID != "%SRCROOT%" || strings.HasPrefix(u.URI, "/") {
				t.Errorf("location %+v is not relative to %%SRCROOT%%", u)
			}
		}
		if log.Runs[0].Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %q has ruleIndex %d of rule %q", r.RuleID, r.RuleIndex, log.Runs[0].Tool.Driver.Rules[r.RuleIndex].ID)
		}
	}
	if races < 10 || related != races {
		t.Errorf("%d race results, %d with the other access related; want at least 10, all related", races, related)
	}
}

// TestValidateSARIFRejects checks that the validator finds what the
// schema forbids.
func TestValidateSARIFRejects(t *testing.T) {
	ok := `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"warning","locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.go"},"region":{"startLine":1}}}]}]}]}`
	if errs := validateSARIF([]byte(ok)); len(errs) > 0 {
		t.Fatalf("valid log rejected: %v", errs)
	}
	tests := []struct{ name, old, new, want string }{
		{"version", `"version":"2.1.0"`, `"version":"2.0.0"`, "not one of"},
		{"no version", `"version":"2.1.0",`, ``, `missing required property "version"`},
		{"no driver name", `"name":"x"`, `"fullName":"x"`, `property "fullName" not allowed`},
		{"level", `"level":"warning"`, `"level":"warn"`, "not one of"},
		{"no message", `"message":{"text":"m"},`, ``, `missing required property "message"`},
		{"empty message", `{"text":"m"}`, `{}`, "none of the required alternatives"},
		{"line", `"startLine":1`, `"startLine":0`, "below the minimum"},
		{"physical location", `"artifactLocation":{"uri":"a.go"},`, ``, "none of the required alternatives"},
		{"type", `"startLine":1`, `"startLine":"1"`, "not an integer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := strings.Replace(ok, tt.old, tt.new, 1)
			errs := validateSARIF([]byte(doc))
			if !strings.Contains(strings.Join(errs, "\n"), tt.want) {
				t.Errorf("errors %v lack %q", errs, tt.want)
			}
		})
	}
}

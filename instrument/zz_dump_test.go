package instrument

import (
	"fmt"
	"os"
	"testing"
)

func TestZZDump(t *testing.T) {
	pkg := os.Getenv("DUMP")
	if pkg == "" {
		return
	}
	pkgs := load(t, os.Getenv("DUMPTESTS") != "", nil, pkg)
	if e := pkgErrors(pkgs); e != "" {
		t.Fatal(e)
	}
	for _, p := range pkgs {
		res, err := Package(p, Config{TaskPackage: fakeTask})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range res.Files {
			fmt.Printf("=== %s\n%s\n", f.Path, f.Content)
		}
		fmt.Printf("%s %+v\n", p.ID, res.Stats)
	}
}

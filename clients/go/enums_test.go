package maubinh

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// Every enumeration value of the generated core is named after its type (PresetNameOnline,
// FoulCodeBackWeakerThanMiddle, LevelClub), so a user finds one by its type's name and no two
// enumerations' values can collide.
func TestEveryEnumerationValueIsNamedAfterItsType(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "maubinh.gen.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, declaration := range file.Decls {
		group, ok := declaration.(*ast.GenDecl)
		if !ok || group.Tok != token.CONST {
			continue
		}
		for _, spec := range group.Specs {
			value := spec.(*ast.ValueSpec)
			kind, typed := value.Type.(*ast.Ident)
			if !typed {
				continue
			}
			for _, name := range value.Names {
				checked++
				if !strings.HasPrefix(name.Name, kind.Name) {
					t.Errorf("%s %s is not named after its type", name.Name, kind.Name)
				}
			}
		}
	}
	// The core has well over a hundred: a parse that found none would check nothing.
	if checked < 100 {
		t.Fatalf("only %d enumeration values found", checked)
	}
}

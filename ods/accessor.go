package ods

// Accessor is a C++ method mlir-tblgen generates on the op class for one of
// its arguments, results, regions or successors.
type Accessor struct {
	// Signature is the declaration as a user calls it, e.g.
	// `::mlir::TypedValue<::mlir::IntegerType> getLhs()`; Name is the
	// method name alone.
	Name, Signature string
}

// GetterName is Operator::getGetterName: `get` and the camel-cased name.
func GetterName(name string) string { return "get" + camelCase(name, true) }

// SetterName is Operator::getSetterName: `set` and the camel-cased name.
func SetterName(name string) string { return "set" + camelCase(name, true) }

// Accessors lists the methods generated for an argument.
func (a *Arg) Accessors() []Accessor {
	if a.Name == "" {
		return nil
	}
	get, set := GetterName(a.Name), SetterName(a.Name)
	switch a.Kind {
	case Operand:
		var value, mutable string
		switch {
		case a.VariadicOfVariadic:
			value, mutable = "::mlir::OperandRangeRange", "::mlir::MutableOperandRangeRange"
		case a.Variadic:
			value, mutable = "::mlir::Operation::operand_range", "::mlir::MutableOperandRange"
		case a.Optional:
			value, mutable = typedValue(a.CppType), "::mlir::MutableOperandRange"
		default:
			value, mutable = typedValue(a.CppType), "::mlir::OpOperand &"
		}
		return []Accessor{
			{Name: get, Signature: value + " " + get + "()"},
			{Name: get + "Mutable", Signature: mutable + " " + get + "Mutable()"},
		}
	case Attribute:
		out := []Accessor{
			{Name: get, Signature: a.CppType + " " + get + "()"},
			{Name: get + "Attr", Signature: a.StorageType + " " + get + "Attr()"},
			{Name: get + "AttrName", Signature: "::mlir::StringAttr " + get + "AttrName()"},
			{Name: set + "Attr", Signature: "void " + set + "Attr(" + a.StorageType + " attr)"},
		}
		if a.canUseUnwrappedValue() {
			param := a.CppType
			if a.OptionalAttr {
				param = "::std::optional<" + baseReturnType(a) + ">"
			}
			out = append(out, Accessor{Name: set, Signature: "void " + set + "(" + param + " attrValue)"})
		}
		if a.OptionalAttr {
			out = append(out, Accessor{Name: "remove" + camelCase(a.Name, true) + "Attr", Signature: "::mlir::Attribute remove" + camelCase(a.Name, true) + "Attr()"})
		}
		return out
	}
	return []Accessor{
		{Name: get, Signature: a.CppType + " " + get + "()"},
		{Name: set, Signature: "void " + set + "(" + a.CppType + " propValue)"},
	}
}

// canUseUnwrappedValue is mlir-tblgen's canUseUnwrappedRawValue: the
// attribute's value differs from its storage and can be built from it.
func (a *Arg) canUseUnwrappedValue() bool {
	return a.CppType != a.StorageType && a.ConstBuilderCall != ""
}

// baseReturnType is the return type of the attribute an OptionalAttr wraps.
func baseReturnType(a *Arg) string {
	if base := defField(a.Constraint, "baseAttr"); base != nil {
		return stringField(base, "returnType")
	}
	return a.CppType
}

func typedValue(cppType string) string {
	if cppType == "" {
		cppType = "::mlir::Type"
	}
	return "::mlir::TypedValue<" + cppType + ">"
}

// Accessors lists the methods generated for a result.
func (v *Value) Accessors() []Accessor {
	if v.Name == "" {
		return nil
	}
	get := GetterName(v.Name)
	ret := typedValue(v.CppType)
	if v.Variadic {
		ret = "::mlir::Operation::result_range"
	}
	return []Accessor{{Name: get, Signature: ret + " " + get + "()"}}
}

// Accessors lists the methods generated for a region.
func (r *Region) Accessors() []Accessor {
	if r.Name == "" {
		return nil
	}
	get := GetterName(r.Name)
	ret := "::mlir::Region &"
	if r.Variadic {
		ret = "::mlir::MutableArrayRef<::mlir::Region> "
	}
	return []Accessor{{Name: get, Signature: ret + get + "()"}}
}

// Accessors lists the methods generated for a successor.
func (s *Successor) Accessors() []Accessor {
	if s.Name == "" {
		return nil
	}
	get := GetterName(s.Name)
	ret := "::mlir::Block *"
	if s.Variadic {
		ret = "::mlir::SuccessorRange "
	}
	return []Accessor{{Name: get, Signature: ret + get + "()"}}
}

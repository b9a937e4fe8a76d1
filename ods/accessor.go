package ods

// GetterName is Operator::getGetterName: `get` and the camel-cased name.
func GetterName(name string) string { return "get" + camelCase(name, true) }

// SetterName is Operator::getSetterName: `set` and the camel-cased name.
func SetterName(name string) string { return "set" + camelCase(name, true) }

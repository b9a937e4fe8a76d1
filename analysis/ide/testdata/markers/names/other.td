class FromOther;
//@loc(FromOther, "FromOther") loc(otherStart, "")

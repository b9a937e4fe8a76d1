foreach i = !range(5000) in def r#i;
def after;

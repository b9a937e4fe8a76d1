def A : B;

def C : D;
def E {
  let d = [{   trailing   


   kept  }];
  let s = "  x  ";
}

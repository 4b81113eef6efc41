//! `oxhipconfig` binary. (Skeleton.)
fn main() {}

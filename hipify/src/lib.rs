//! `hipify`: CUDA to HIP translation. (Skeleton.)

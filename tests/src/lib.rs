//! End-to-end tests of the whole pipeline without a GPU. (Skeleton.)

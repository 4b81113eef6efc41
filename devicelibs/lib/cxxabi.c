/* oxhip devicelibs: the C++ ABI entry points that device code with virtual functions
 * reaches on the GPUs. A class with a pure virtual function (or a deleted one) puts
 * __cxa_pure_virtual (__cxa_deleted_virtual) in its vtable; calling one is undefined
 * behaviour that the host's libstdc++ turns into an abort, and a GPU into a trap, which the
 * runtime reports as a launch failure. The CPU target and the host use the C++ library's. */

#if defined(__AMDGCN__) || defined(__NVPTX__)
EXPORT void __cxa_pure_virtual(void) { __builtin_trap(); }
EXPORT void __cxa_deleted_virtual(void) { __builtin_trap(); }
#endif

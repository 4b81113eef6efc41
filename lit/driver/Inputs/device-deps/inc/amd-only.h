#define AMD_ONLY 3

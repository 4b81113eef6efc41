#define HOST_ONLY 1

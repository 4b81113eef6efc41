#define DEVICE_ONLY 2

// Included by the device compiles of device.hip alone (under __HIP_DEVICE_COMPILE__): a change
// to it must rebuild device.hip's object, which the dependency file of every side makes so
// (tests/cmake/caches.sh).
#define IOTA_STEP 1

// POSIX calls Swift cannot reach by name, for the platform layer (Sources/OverlayCore/Platform).
#include <sys/file.h>

// `flock(2)`: Swift imports only `struct flock` of the same name from <fcntl.h>, never the function.
static inline int overlay_flock(int fd, int operation) { return flock(fd, operation); }

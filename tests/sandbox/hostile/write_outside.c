// Tries to write everywhere outside its work directory and /tmp, also by a hard link
// or a rename from /tmp or /dev/shm (the same tmpfs as the read-only root).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "escape_common.h"
static int can_create(const char* p) {
  int fd = open(p, O_CREAT | O_WRONLY, 0644);
  if (fd < 0) return 0;
  close(fd);
  return 1;
}
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) ATTEMPT(can_create(argv[i]), argv[i]);
  ATTEMPT(can_create("/x"), "/x");
  ATTEMPT(can_create("/usr/x"), "/usr/x");
  ATTEMPT(can_create("/etc/x"), "/etc/x");
  ATTEMPT(can_create("/etc/passwd"), "/etc/passwd");
  ATTEMPT(can_create("/dev/x"), "/dev/x");
  ATTEMPT(can_create("../x"), "../x");
  ATTEMPT(mkdir("/usr/lib/x", 0755) == 0, "mkdir /usr/lib/x");
  ATTEMPT(can_create("/dev/sda"), "/dev/sda");
  if (can_create("/tmp/f") && can_create("/dev/shm/g")) {
    ATTEMPT(link("/tmp/f", "/f") == 0, "link /tmp/f /f");
    ATTEMPT(link("/dev/shm/g", "/dev/g") == 0, "link /dev/shm/g /dev/g");
    ATTEMPT(rename("/tmp/f", "/f") == 0, "rename /tmp/f /f");
    ATTEMPT(rename("/dev/shm/g", "/dev/g") == 0, "rename /dev/shm/g /dev/g");
  } else {
    fprintf(stderr, "/tmp or /dev/shm is not writable: %s\n", strerror(errno));
    return 9;  // RE: the test expects OK
  }
  return escaped;
}

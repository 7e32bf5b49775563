// Writes a shell script into its work directory and execs it.
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  const char* script = "#!/bin/sh\necho from-script\n";
  int fd = open("s.sh", O_CREAT | O_WRONLY | O_TRUNC, 0755);
  if (fd < 0) return 2;
  if (write(fd, script, strlen(script)) < 0) return 3;
  close(fd);
  execl("./s.sh", "s.sh", (char*)0);
  return 4;
}

// Makes the judge's copy-back expensive at no cost to itself: argv[1] empty files
// ftruncate'd to argv[2] KiB each (holes: nothing charged to its disk quota), one
// file of argv[3] KiB of real data with argv[4] more names (hard links), and the
// legitimate output "answer.out". A judge that copies files back at their apparent
// size, once per name, writes files * size + names * data into its scratch.
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char** argv) {
  if (argc < 5) return 2;
  int files = atoi(argv[1]), size_kib = atoi(argv[2]), data_kib = atoi(argv[3]), links = atoi(argv[4]);
  FILE* answer = fopen("answer.out", "w");
  if (!answer || fputs("42\n", answer) < 0 || fclose(answer) != 0) return 3;
  for (int i = 0; i < files; ++i) {
    char name[32];
    snprintf(name, sizeof name, "sparse%03d", i);
    int fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || ftruncate(fd, (off_t)size_kib * 1024) != 0) return 4;
    close(fd);
  }
  static char buf[1024];
  memset(buf, 'x', sizeof buf);
  int fd = open("data", O_CREAT | O_WRONLY | O_TRUNC, 0644);
  if (fd < 0) return 5;
  for (int k = 0; k < data_kib; ++k)
    if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf) return 6;
  close(fd);
  for (int i = 0; i < links; ++i) {
    char name[32];
    snprintf(name, sizeof name, "data.link%03d", i);
    if (link("data", name) != 0) return 7;
  }
  printf("done\n");
  return 0;
}

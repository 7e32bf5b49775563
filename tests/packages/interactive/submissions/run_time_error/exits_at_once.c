/* Exits with an error before reading or writing anything. Its end is what makes the
   interactor see end-of-file, so the submission ended first: RE, not the interactor's
   WA (on a loaded host the sandbox could reap the interactor first). */
int main(void) { return 3; }

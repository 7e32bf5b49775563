# One line holding a positive integer of at most 9 digits, nothing else.
read -r n || exit 43
case "$n" in
  '' | 0* | *[!0-9]* | ??????????*) exit 43 ;;
esac
if read -r more || [ -n "$more" ]; then exit 43; fi
exit 42

#!/bin/sh
# check_rules_pure.sh SOURCE_DIR OBJECT...: the object of every game source
# (SOURCE_DIR/src/games/*/*.c) must not call the allocator, print, read a
# clock or the system's randomness, or touch the file system or the
# environment (ARCHITECTURE idea 1; STYLE habit 4). Views build JSON through
# cJSON, which is allowed.
#
# The objects are CMake's own (the library's members lose their folders):
# each source is matched to the object whose path ends in
# src/games/GAME/FILE.c.o, so no file goes unseen.
set -eu
src=$1
shift
alloc='malloc|calloc|realloc|reallocarray|free|aligned_alloc|posix_memalign|memalign|valloc|pvalloc|(__)?strn?dup|v?asprintf|__v?asprintf_chk'
print='(__)?v?f?printf(_chk)?|v?dprintf|__v?dprintf_chk|puts|fputs|putc|fputc|_IO_putc|putchar|fwrite|perror'
clock='clock_gettime|clock_getres|time|gettimeofday|clock|timespec_get|times|ftime'
chance='rand|rand_r|srand|random|srandom|[dlmsj]rand48|getrandom|getentropy|arc4random(_buf|_uniform)?'
files='(__)?open(at)?(64)?(_2)?|creat(64)?|close|(__)?read(_chk)?|pread(64)?|readv|write|pwrite(64)?|writev|lseek(64)?|f?open(64)?|freopen(64)?|fdopen|fread|__fread_chk|fgets|__fgets_chk|fgetc|getc|getline|getdelim|(__)?[fl]?x?stat(at)?(64)?|statx|(e|eu|f)?access(at)?|euidaccess|f?opendir|readdir(64)?|closedir|scandir|mkdir|rmdir|unlink(at)?|rename(at)?|remove|mkstemps?|tmpfile|realpath|readlink|chdir|getcwd|dup2?|pipe|mmap|munmap|ioctl|fcntl|dlopen'
env='(__|secure_)?getenv|setenv|putenv|unsetenv|system|popen|pclose|fork|exec[lv]p?e?|syscall'
bad="^($alloc|$print|$clock|$chance|$files|$env)\$"
status=0
for c in "$src"/src/games/*/*.c; do
    game=$(basename "$(dirname "$c")")
    name=$(basename "$c")
    obj=
    built=
    for o in "$@"; do
        case $o in
        */src/games/"$game"/"$name".o) obj=$o ;;
        */src/games/"$game"/*) built=yes ;;
        esac
    done
    if [ -z "$obj" ]; then
        # a game left out of the build (PF_GAMES) has no objects at all
        [ -z "$built" ] && continue
        echo "missing object for $c"
        status=1
        continue
    fi
    used=$(nm -u "$obj" | awk '{print $2}' | sed 's/@.*//' | grep -E "$bad" || true)
    if [ -n "$used" ]; then
        echo "$c uses:" $used
        status=1
    fi
done
[ $status -eq 0 ] && echo "rules objects: no allocation, printing, clock, randomness or file system"
exit $status

/*
 * Preloaded by "tests/run --asan" ahead of the ASan runtime. PHP loads extensions
 * with dlopen(RTLD_DEEPBIND), which the sanitizer runtime refuses; this wrapper
 * drops that flag and passes every other call through unchanged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>

void *dlopen(const char *file, int mode)
{
	static void *(*next_dlopen)(const char *, int);
	if (!next_dlopen) {
		next_dlopen = (void *(*)(const char *, int)) dlsym(RTLD_NEXT, "dlopen");
	}
	return next_dlopen(file, mode & ~RTLD_DEEPBIND);
}

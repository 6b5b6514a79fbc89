/* Every Lua script the extension runs, each a named constant in
 * redislock_scripts.c. Scripts give atomicity: the compare and the write happen
 * inside Redis with nothing in between, so no other client can slip in. */
#ifndef REDISLOCK_SCRIPTS_H
#define REDISLOCK_SCRIPTS_H

#include <stddef.h>

/* How long a waiter's alive mark lasts (ms): a full wait round (2 s) plus a margin
 * for the reply. A waiter that crashes holds its place in the queue this long at
 * most, and a lock whose holder's time is up stays guarded this long for the head
 * of its queue. */
#define REDISLOCK_ALIVE_MS 2500
#define REDISLOCK_ALIVE_MS_STR "2500"

typedef struct _redislock_script {
	const char *name;       /* for error messages: "unlock script" */
	const char *body;
	char sha[41];           /* computed once at startup */
} redislock_script;

/* The table of scripts. A script is declared to the rest of the extension only
 * through this list, and its SHA1 is computed only for what is listed: a script
 * left out cannot be called (the build fails), and one listed but not defined
 * does not link. */
#define REDISLOCK_SCRIPTS(X) \
	X(acquire) \
	X(unlock) \
	X(force_unlock) \
	X(extend) \
	X(ttl) \
	X(fence) \
	X(acquire_many) \
	X(leave_many) \
	X(sem_acquire) \
	X(sem_release) \
	X(sem_extend) \
	X(sem_count) \
	X(enqueue) \
	X(dequeue) \
	X(take) \
	X(top) \
	X(ack) \
	X(release) \
	X(touch) \
	X(dead) \
	X(retry_dead) \
	X(purge_dead) \
	X(size) \
	X(remove) \
	X(clear) \
	X(redlock_acquire) \
	X(redlock_release) \
	X(pttl)

#define REDISLOCK_DECLARE_SCRIPT(name) extern redislock_script redislock_script_##name;
REDISLOCK_SCRIPTS(REDISLOCK_DECLARE_SCRIPT)
#undef REDISLOCK_DECLARE_SCRIPT

/* Module startup: the SHA1 of every script. */
void redislock_scripts_startup(void);

#endif

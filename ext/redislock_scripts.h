/* Every Lua script the extension runs: one file each in ext/lua/<owner>/, turned by
 * tools/gen-scripts into redislock_scripts_gen.h, which gives each a named
 * constant (its body and SHA1, computed when it is generated) and an argument
 * builder. Scripts give atomicity: the compare and the write happen inside Redis
 * with nothing in between, so no other client can slip in. */
#ifndef REDISLOCK_SCRIPTS_H
#define REDISLOCK_SCRIPTS_H

#include "redislock_argv.h"

/* How long a waiter's alive mark lasts (ms): a full wait round (2 s) plus a margin
 * for the reply. A waiter that crashes holds its place in the queue this long at
 * most, and a lock whose holder's time is up stays guarded this long for the head
 * of its queue. The scripts' GRACE (ext/lua/common/grace.lua) is the same. */
#define REDISLOCK_ALIVE_MS 2500

typedef struct _redislock_script {
	const char *name;       /* for error messages: "<name> script", as "unlock script" */
	const char *body;       /* ext/lua/<owner>/<name>.lua without its comments */
	size_t body_len;
	char sha[41];           /* the body's SHA1 */
} redislock_script;

/* Starts a's "EVALSHA <sha> <numkeys>": the first step of every builder
 * redislock_script_<name>_args(), which pushes the keys and arguments after it. */
static inline void redislock_script_start(redislock_argv *a, const redislock_script *script, int numkeys)
{
	redislock_argv_init(a);
	redislock_argv_push(a, "EVALSHA", 7);
	redislock_argv_push(a, script->sha, 40);
	redislock_argv_push_long(a, numkeys);
}

/* The constants redislock_script_<name> and their builders
 * redislock_script_<name>_args(a, <the script's keys and arguments in order>). A
 * script is called only through its builder: a caller that leaves out a key or an
 * argument does not compile. */
#include "redislock_scripts_gen.h"

#endif

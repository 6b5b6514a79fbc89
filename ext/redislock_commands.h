/* Lua scripts, sent by EVALSHA, and the key names that scripts touch together. */
#ifndef REDISLOCK_COMMANDS_H
#define REDISLOCK_COMMANDS_H

#include "redislock_conn.h"

typedef struct _redislock_script {
	const char *name;       /* for error messages: "unlock script" */
	const char *body;
	char sha[41];           /* computed once at startup */
} redislock_script;

extern redislock_script redislock_script_acquire;
extern redislock_script redislock_script_leave;
extern redislock_script redislock_script_unlock;
extern redislock_script redislock_script_extend;
extern redislock_script redislock_script_ttl;
extern redislock_script redislock_script_acquire_many;
extern redislock_script redislock_script_leave_many;
extern redislock_script redislock_script_enqueue;
extern redislock_script redislock_script_dequeue;
extern redislock_script redislock_script_take;
extern redislock_script redislock_script_top;
extern redislock_script redislock_script_ack;
extern redislock_script redislock_script_release;
extern redislock_script redislock_script_size;
extern redislock_script redislock_script_remove;
extern redislock_script redislock_script_clear;
extern redislock_script redislock_script_redlock_acquire;
extern redislock_script redislock_script_redlock_release;
extern redislock_script redislock_script_pttl;

/* Starts an argv of "EVALSHA <sha> <numkeys>"; push the keys, then the arguments. */
void redislock_script_argv(redislock_argv *a, const redislock_script *script, int numkeys);

/* Makes an argv from redislock_script_argv() send the script's SHA1 (EVALSHA) or,
 * with body, the script itself (EVAL). */
void redislock_script_use(redislock_argv *a, const redislock_script *script, bool body);
/* Whether the reply says the server does not have the script. */
bool redislock_reply_is_noscript(const redisReply *reply);

/* Runs a script. When the server does not know it (NOSCRIPT: first use, a restart,
 * SCRIPT FLUSH) the same call is sent once more as EVAL, which also caches it. */
zend_result redislock_script_call(redislock_conn *c, const redislock_script *script,
	redislock_argv *a, double timeout, redisReply **reply);

/* Runs the same script with n argument sets in one round trip; replies[i] belongs
 * to sets[i]. The NOSCRIPT fallback applies per reply. */
zend_result redislock_script_call_many(redislock_conn *c, const redislock_script *script,
	redislock_argv *sets, int n, double timeout, redisReply **replies);

/* Blocks in BLPOP on the lists until one is pushed to or the time is up; throws
 * on failure.
 *
 * An idle Redis notices a BLPOP timeout only on its next cron tick (100 ms at the
 * default hz 10). With precise, the caller needs the wait to end on time (a lock
 * holder's expiry, a delayed task's due time), so we keep the deadline ourselves:
 * the server's timeout is only a fallback, and when our deadline passes first we
 * drop the blocked connection (the next call reconnects) and return as if woken. */
zend_result redislock_blpop(redislock_conn *c, zend_string **keys, uint32_t n, double seconds, bool precise);

/* A key that hashes to the same Redis Cluster slot as main_key, for any main_key
 * (braces included), so one script may touch both: "{main}suffix" when main has no
 * braces, otherwise "{tag}suffix:main" with a tag chosen for main's slot. */
zend_string *redislock_sibling_key(const zend_string *main_key, const char *suffix);

/* A key shared by every key in main_key's Redis Cluster slot: "{tag}name". */
zend_string *redislock_slot_key(const zend_string *main_key, const char *name);

/* The Redis Cluster slot of a key, following the hash-tag rule. */
unsigned int redislock_key_slot(const char *key, size_t len);

#endif

/* Key names and Redis Cluster slots: which slot a key hashes to, and the names
 * of the keys that must live in the same slot as a lock or queue key so that one
 * script may touch them together. */
#ifndef REDISLOCK_KEYS_H
#define REDISLOCK_KEYS_H

#include "php.h"
#include "redislock_slots.h"


/* A key that hashes to the same Redis Cluster slot as main_key, for any main_key
 * (braces included), so one script may touch both: "{main}suffix" when main has no
 * braces, "{tag}suffix:main" when main has a hash tag, otherwise "{tag}suffix:main"
 * with a tag chosen for main's slot. */
zend_string *redislock_sibling_key(const zend_string *main_key, const char *suffix);

/* What a script needs besides main_key to derive the same sibling names itself:
 * NULL when main_key has no braces or has a hash tag, otherwise the tag chosen for
 * its slot. */
const char *redislock_sibling_hint(const zend_string *main_key);

/* 32 hex digits of 128 bits from the CSPRNG: the random part of a token, also a
 * waiter's id. NULL after throwing (no randomness available). */
zend_string *redislock_random_hex(void);
/* The same 32 hex digits followed by tail_len bytes of tail, in one string. */
zend_string *redislock_random_hex_then(const char *tail, size_t tail_len);

/* A key shared by every key in main_key's Redis Cluster slot: "{tag}name". */
zend_string *redislock_slot_key(const zend_string *main_key, const char *name);

#endif

/* Argument checks shared by the classes; each throws a ValueError naming the
 * argument and returns false. */
#ifndef REDISLOCK_ARGS_H
#define REDISLOCK_ARGS_H

#include "php.h"

/* Longest lifetime, wait or delay accepted, in seconds: well inside what PX,
 * scores and timeouts can hold. */
#define REDISLOCK_MAX_SECONDS 1e9

bool redislock_check_name(const zend_string *name, uint32_t arg_num);
bool redislock_check_seconds(double value, uint32_t arg_num, bool zero_allowed);
/* A list of names for one call: at most max of them (empty only when
 * empty_allowed), each a non-empty string. */
bool redislock_check_names(HashTable *names, uint32_t arg_num, uint32_t max, bool empty_allowed);

/* A value that is one of a set of words (a policy, a layout): its index among
 * words (NULL-terminated), or -1. */
int redislock_word_index(const zend_string *value, const char *const *words);
/* The words as a message lists what a value must be: "a", "b" or "c". */
zend_string *redislock_words_text(const char *const *words);

/* Seconds as whole milliseconds, rounded up, at least 1: a lifetime for PX. */
zend_long redislock_seconds_to_ms(double seconds);

#endif

/* Argument checks shared by the classes. */
#include "redislock_args.h"
#include "zend_smart_str.h"
#include <math.h>

bool redislock_check_name(const zend_string *name, uint32_t arg_num)
{
	if (ZSTR_LEN(name) == 0) {
		zend_argument_value_error(arg_num, "must not be empty");
		return false;
	}
	return true;
}

bool redislock_check_names(HashTable *names, uint32_t arg_num, uint32_t max, bool empty_allowed)
{
	zval *entry;
	uint32_t n = zend_hash_num_elements(names);

	if (n == 0 && !empty_allowed) {
		zend_argument_value_error(arg_num, "must not be empty");
		return false;
	}
	if (n > max) {
		zend_argument_value_error(arg_num, "must not hold more than %u names", max);
		return false;
	}
	ZEND_HASH_FOREACH_VAL(names, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING || Z_STRLEN_P(entry) == 0) {
			zend_argument_value_error(arg_num, "must contain only non-empty strings");
			return false;
		}
	} ZEND_HASH_FOREACH_END();
	return true;
}

bool redislock_check_seconds(double value, uint32_t arg_num, bool zero_allowed)
{
	if (!isfinite(value) || value < 0 || (!zero_allowed && value == 0) || value > REDISLOCK_MAX_SECONDS) {
		zend_argument_value_error(arg_num, zero_allowed
			? "must be a finite number of seconds between 0 and 1e9"
			: "must be a finite number of seconds greater than 0 and at most 1e9");
		return false;
	}
	return true;
}

zend_long redislock_seconds_to_ms(double seconds)
{
	double ms = ceil(seconds * 1000.0);
	return ms < 1 ? 1 : (zend_long) ms;
}

int redislock_word_index(const zend_string *value, const char *const *words)
{
	for (int i = 0; words[i]; i++) {
		if (zend_string_equals_cstr(value, words[i], strlen(words[i]))) {
			return i;
		}
	}
	return -1;
}

zend_string *redislock_words_text(const char *const *words)
{
	smart_str out = {0};

	for (size_t i = 0; words[i]; i++) {
		if (i > 0) {
			smart_str_appends(&out, words[i + 1] ? ", " : " or ");
		}
		smart_str_appendc(&out, '"');
		smart_str_appends(&out, words[i]);
		smart_str_appendc(&out, '"');
	}
	return smart_str_extract(&out);
}

/* Key names and cluster slots. */
#include "redislock_keys.h"
#include "redislock_slots.h"
#include "redislock_util.h"
#include "ext/random/php_random.h"
#include <pthread.h>

#define REDISLOCK_TAG_LEN 4

/* slot_tags[s] is a short brace-free string whose slot is s, built on first use
 * (a process that never locks never pays for it), once per process: in a
 * thread-safe PHP the threads of a process share it, and a thread must never
 * read it while another fills it. */
static char slot_tags[REDISLOCK_SLOTS][REDISLOCK_TAG_LEN + 1];
static pthread_once_t slot_tags_once = PTHREAD_ONCE_INIT;

static void build_slot_tags(void)
{
	static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	unsigned int filled = 0;
	memset(slot_tags, 0, sizeof(slot_tags));
	/* Counting through short names covers every slot long before 62^4. */
	for (uint32_t n = 0; filled < REDISLOCK_SLOTS && n < 62u * 62u * 62u * 62u; n++) {
		char tag[REDISLOCK_TAG_LEN + 1];
		uint32_t v = n;
		int len = 0;
		do {
			tag[len++] = alphabet[v % 62];
			v /= 62;
		} while (v && len < REDISLOCK_TAG_LEN);
		unsigned int slot = redislock_key_slot(tag, (size_t) len);
		if (slot_tags[slot][0] == '\0') {
			memcpy(slot_tags[slot], tag, len);
			filled++;
		}
	}
}

static const char *slot_tag(const char *key, size_t len)
{
	pthread_once(&slot_tags_once, build_slot_tags);
	return slot_tags[redislock_key_slot(key, len)];
}

static zend_string *tagged_key(const char *tag, size_t tag_len, const char *suffix, const char *main, size_t main_len)
{
	size_t suffix_len = strlen(suffix);
	zend_string *out = zend_string_alloc(tag_len + 2 + suffix_len + main_len, 0);
	char *p = ZSTR_VAL(out);
	*p++ = '{';
	memcpy(p, tag, tag_len);
	p += tag_len;
	*p++ = '}';
	memcpy(p, suffix, suffix_len);
	p += suffix_len;
	memcpy(p, main, main_len);
	p += main_len;
	*p = '\0';
	return out;
}

/* The part of key that Redis Cluster hashes when it has one: the bytes between
 * the first '{' and the first '}' after it, when there are any. */
static bool hash_tag(const char *key, size_t len, const char **tag, size_t *tag_len)
{
	const char *open = memchr(key, '{', len), *close;
	if (!open) {
		return false;
	}
	close = memchr(open + 1, '}', len - (size_t) (open + 1 - key));
	if (!close || close == open + 1) {
		return false;
	}
	*tag = open + 1;
	*tag_len = (size_t) (close - open - 1);
	return true;
}

const char *redislock_sibling_hint(const zend_string *main_key)
{
	const char *key = ZSTR_VAL(main_key), *tag;
	size_t len = ZSTR_LEN(main_key), tag_len;

	if (!memchr(key, '{', len) && !memchr(key, '}', len)) {
		return NULL;
	}
	if (hash_tag(key, len, &tag, &tag_len)) {
		return NULL;
	}
	return slot_tag(key, len);
}

zend_string *redislock_sibling_key(const zend_string *main_key, const char *suffix)
{
	const char *key = ZSTR_VAL(main_key), *tag;
	size_t len = ZSTR_LEN(main_key), tag_len, suffix_len = strlen(suffix);
	zend_string *out;
	char *p;

	if (!memchr(key, '{', len) && !memchr(key, '}', len)) {
		/* "{main}suffix": the tag is the whole main key, which hashes as itself. */
		return tagged_key(key, len, suffix, "", 0);
	}
	/* "{tag}suffix:main", main kept in the name so that names never collide: the
	 * main key's own hash tag when it has one (the lock scripts derive these names
	 * themselves), otherwise a short tag chosen for its slot. */
	if (!hash_tag(key, len, &tag, &tag_len)) {
		tag = slot_tag(key, len);
		tag_len = strlen(tag);
	}
	out = zend_string_alloc(tag_len + 3 + suffix_len + len, 0);
	p = ZSTR_VAL(out);
	*p++ = '{';
	memcpy(p, tag, tag_len);
	p += tag_len;
	*p++ = '}';
	memcpy(p, suffix, suffix_len);
	p += suffix_len;
	*p++ = ':';
	memcpy(p, key, len);
	p[len] = '\0';
	return out;
}

zend_string *redislock_slot_key(const zend_string *main_key, const char *name)
{
	const char *tag = slot_tag(ZSTR_VAL(main_key), ZSTR_LEN(main_key));
	return tagged_key(tag, strlen(tag), name, "", 0);
}

zend_string *redislock_random_hex(void)
{
	return redislock_random_hex_then("", 0);
}

zend_string *redislock_random_hex_then(const char *tail, size_t tail_len)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char bytes[16];
	zend_string *out;

	if (!redislock_random(bytes, sizeof(bytes)) && php_random_bytes_throw(bytes, sizeof(bytes)) == FAILURE) {
		return NULL;
	}
	out = zend_string_alloc(sizeof(bytes) * 2 + tail_len, 0);
	for (size_t i = 0; i < sizeof(bytes); i++) {
		ZSTR_VAL(out)[i * 2] = hex[bytes[i] >> 4];
		ZSTR_VAL(out)[i * 2 + 1] = hex[bytes[i] & 15];
	}
	memcpy(ZSTR_VAL(out) + sizeof(bytes) * 2, tail, tail_len);
	ZSTR_VAL(out)[sizeof(bytes) * 2 + tail_len] = '\0';
	return out;
}

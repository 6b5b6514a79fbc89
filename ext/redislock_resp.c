/* The RESP encoder. One pass sizes the command, one writes it: no intermediate
 * strings, no printf. */
#include "redislock_resp.h"
#include <string.h>

size_t redislock_resp_decimal(char *out, long long value)
{
	char digits[24];
	size_t n = 0, len = 0;
	unsigned long long v = value < 0 ? 0ULL - (unsigned long long) value : (unsigned long long) value;

	/* Most numbers written are argument counts and lengths below 100. */
	if (value >= 0 && value < 10) {
		out[0] = (char) ('0' + value);
		return 1;
	}
	if (value >= 10 && value < 100) {
		out[0] = (char) ('0' + value / 10);
		out[1] = (char) ('0' + value % 10);
		return 2;
	}
	do {
		digits[n++] = (char) ('0' + v % 10);
		v /= 10;
	} while (v);
	if (value < 0) {
		out[len++] = '-';
	}
	while (n) {
		out[len++] = digits[--n];
	}
	return len;
}

static size_t decimal_width(size_t value)
{
	size_t width = 1;
	if (value < 10) {
		return 1;
	}
	while (value >= 10) {
		value /= 10;
		width++;
	}
	return width;
}

bool redislock_resp_append(redislock_buf *out, int argc, const char *const *argv, const size_t *lens)
{
	size_t size = 1 + decimal_width((size_t) argc) + 2;
	char *p;

	for (int i = 0; i < argc; i++) {
		/* "$" len "\r\n" arg "\r\n" */
		size_t one = 1 + decimal_width(lens[i]) + 2 + lens[i] + 2;
		if (one > SIZE_MAX - size) {
			return false;
		}
		size += one;
	}
	if (!redislock_buf_reserve(out, size)) {
		return false;
	}
	p = out->data + out->len;
	*p++ = '*';
	p += redislock_resp_decimal(p, argc);
	*p++ = '\r';
	*p++ = '\n';
	for (int i = 0; i < argc; i++) {
		*p++ = '$';
		p += redislock_resp_decimal(p, (long long) lens[i]);
		*p++ = '\r';
		*p++ = '\n';
		if (lens[i]) {
			memcpy(p, argv[i], lens[i]);
		}
		p += lens[i];
		*p++ = '\r';
		*p++ = '\n';
	}
	out->len += size;
	return true;
}

/* The Lua scripts' bodies and SHA1s, as tools/gen-scripts generated them from
 * ext/lua/. */
#include "redislock_scripts.h"

#define REDISLOCK_SCRIPTS_DEFINE
#include "redislock_scripts_gen.h"

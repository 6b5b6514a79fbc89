/* The Lua scripts' bodies and SHA1s, as tools/gen-scripts generated them from
 * ext/lua/. */
#include "redislock_scripts.h"

#include "redislock_scripts_gen_bodies.h"

--redislock:sem_count
--
-- The permits held now, lapsed acquisitions left out; with a token, the ms its
-- acquisition still has (-3: not held). Read-only.
--
-- @key   key       string                     S, the semaphore key (prefix + name)
-- @key   units     string, optional           B, its counts (common/sem_units.lua): declared on a
--                                             cluster only
-- @arg   token     string or ''               a token, or '' for the permits held by all
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''
--                                             when the script derives the hash tag from the key

local S = key
--#include "common/owner.lua"
if token ~= '' then
  local s = redis.call('zscore', S, token)
  if not s or tonumber(s) <= now then return -3 end
  return tonumber(s) - now
end
--#include "common/sem_units.lua"
return held()

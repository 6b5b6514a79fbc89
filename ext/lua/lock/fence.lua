--redislock:fence
--
-- Draws the number while the lock still holds the token and puts it in front of
-- the token, lifetime kept; returns the new token, or 0 when the lock is not held
-- with it. Numbers drawn only while holding the lock grow from holder to holder, as
-- their holds follow one another. Idempotent: a token that already has a number, or
-- whose number was drawn by an earlier call (its reply lost), gets the fenced token
-- that holds.
--
-- @key   key       string                     K, the lock key
-- @key   counter   string                     the fencing counter of K's slot
-- @arg   token     string                     the token

local v = redis.pcall('get', key)
if type(v) ~= 'string' then return 0 end
--#include "common/fence.lua"
--#include "common/owner.lua"
local holder, d = owner(v)
if d and d <= now then return 0 end
if not named(holder, token) then return 0 end
if bare(holder) ~= holder then return holder end
local fenced = fence(counter) .. ':' .. holder
if d then fenced = fenced .. '|' .. ms(d) end
redis.call('set', key, fenced, 'keepttl')
return string.match(fenced, '^[^|]*')

-- held_by: who holds, as inspect() names them. A token's random part is 32 hex
-- digits, then, when the acquiring object had a label, "@" and the label with
-- every byte but [0-9A-Za-z._-] written %XX (redislock_holder_new_random() in C):
-- no ':', '|' or '@' in it, so every release parses the token as before and takes
-- the label for part of an opaque random part. label(v) is the label of a lock
-- value or a member (the random part is what follows the last ':'), decoded; nil
-- for one without (taken by a release that wrote none). The hex digits never
-- leave the server. HELD_BY: the most labels one answer lists.
local HELD_BY = 10
local LABELLED = '^' .. string.rep('%x', 32) .. '@([%w%._%%-]*)$'
local function label(v)
  local enc = string.match(v, LABELLED, (string.find(v, '[^:]*$')))
  if not enc then return nil end
  return (string.gsub(enc, '%%(%x%x)', function(h) return string.char(tonumber(h, 16)) end))
end

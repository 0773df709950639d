-- Goldfish players: each wrk thread is one player with one connection, its own game and its own session cookie.
-- BENCH_THINK_MS > 0 makes each player think that long on average (50% to 150%) before each decision.
-- A player posts one of the legal actions the last answer listed (a random one, seeded per player), with the
-- game's version and the number of log events it already has; when its game ends it starts a new one. BENCH_GAMES_FILE holds one line per
-- player: "<game id> <session cookie> <version> <legal action id>|<legal action id>|...".
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")

local players = {}
for line in io.lines(os.getenv("BENCH_GAMES_FILE")) do
  players[#players + 1] = line
end
local count = 0

function setup(thread)
  count = count + 1
  thread:set("player", players[(count - 1) % #players + 1])
  thread:set("seed", count)
end

local game, cookie, version, actions, deck
local log_count = 0
local think_ms = tonumber(os.getenv("BENCH_THINK_MS") or "0")

local function split_actions(list)
  local ids = {}
  for id in string.gmatch(list or "", "[^|]+") do ids[#ids + 1] = id end
  return ids
end

function init(args)
  local fields = {}
  for field in string.gmatch(player, "%S+") do fields[#fields + 1] = field end
  game, cookie, version, actions = fields[1], fields[2], tonumber(fields[3]), split_actions(fields[4])
  deck = os.getenv("BENCH_DECK")
  math.randomseed(seed)
end

function delay()
  if think_ms <= 0 then return 0 end
  return math.floor(think_ms * (0.5 + math.random()))
end

function request()
  local headers = {["Content-Type"] = "application/json", ["Cookie"] = "sessionid=" .. cookie}
  if #actions == 0 then  -- the game is over: start another
    return wrk.format("POST", "/api/goldfish/", headers, '{"deck": "' .. deck .. '"}')
  end
  local action = actions[math.random(#actions)]
  local body = '{"action": "' .. action .. '", "version": ' .. version .. ', "log_from": ' .. log_count .. '}'
  return wrk.format("POST", "/api/goldfish/" .. game .. "/actions/", headers, body)
end

function response(status, headers, body)
  if status ~= 200 and status ~= 201 then  -- counted by wrk as a status error; keep the last good state
    return
  end
  if status == 201 then
    game = string.match(body, '^{"id":"([^"]+)"')
  end
  version = tonumber(string.match(body, '"version":(%d+)'))
  log_count = tonumber(string.match(body, '"log_count":(%d+)')) or 0
  local legal = string.match(body, '"legal_actions":%[(.-)%],"log":') or ""
  actions = {}
  for id in string.gmatch(legal, '{"id":"([^"]+)"') do actions[#actions + 1] = id end
end

#!/usr/bin/env bash
# The README's battlefield table (README, "Battlefield"): what positions,
# reactions and maneuvers change, each row a paired comparison on common
# random numbers (`arena compare`: variant v's battle i rolls the same dice
# as the first variant's battle i).
#
#   scripts/battlefield-comparisons.sh [BATTLES]     (default 200000)
#
# The arena binary is $ARENA, by default build/app/arena of this checkout.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ARENA=${ARENA:-$ROOT/build/app/arena}
BATTLES=${1:-200000}
cd "$ROOT"

compare() {
  echo "\$ arena compare $*"
  "$ARENA" compare "$@" -n "$BATTLES" --no-progress
  echo
}

# Gridless against the same fight on a field of 5-ft squares.
compare scenarios/knight-vs-ogre.json scenarios/knight-vs-ogre-battlefield.json
compare scenarios/goblin-ambush.json scenarios/goblin-ambush-battlefield.json
compare scenarios/young-dragon-party.json scenarios/young-dragon-party-battlefield.json
red='factions.Dragon.members.0.monster="young red dragon"'
compare scenarios/young-dragon-party.json scenarios/young-dragon-party-battlefield.json --set "$red"
compare scenarios/minotaur-charge-battlefield.json --variant battlefield: \
  --variant "gridless:battlefield=null;factions.0.members.0.at=null;factions.1.members.0.at=null"

# Parry: the SRD knight against an inline copy of it without Parry (the
# same HP, AC, abilities, attacks and multiattack).
knight='{"name": "Knight", "hp": 52, "ac": 18, "abilities": {"str": 16, "dex": 11, "con": 14, "int": 11, "wis": 11, "cha": 15}, "attacks": [{"name": "Greatsword", "to_hit": 5, "damage": "2d6+3 slashing"}, {"name": "Heavy Crossbow", "to_hit": 2, "damage": "1d10 piercing", "range": [100, 400]}], "multiattack": ["Greatsword", "Greatsword"]}'
compare scenarios/knight-vs-ogre-battlefield.json --variant parry: \
  --variant "no parry:/factions/0/members/0=$knight"

# Split: the pudding's halves join only on a battlefield; greatswords (slashing,
# to which it is immune) split it, warhammers do not.
sword=factions.Fighters.members.Swordsman
compare scenarios/black-pudding-battlefield.json --variant greatswords: \
  --variant "warhammers:$sword.weapons=[\"warhammer\"];$sword.multiattack=[\"Warhammer\",\"Warhammer\"]" \
  --variant "gridless:battlefield=null"

# The Battle Master's maneuvers, with and without each.
fighter=factions.Fighter.members.Fighter.maneuvers
compare scenarios/battle-master-duel.json --variant both: --variant "none:$fighter=[]" \
  --variant "riposte only:$fighter=[\"riposte\"]" --variant "parry only:$fighter=[\"parry\"]"

// The 5e battle engine with the dice the tests play it with, compiled once
// (shared_engines.cpp) rather than in every test source that plays a
// battle: the engine is most of such a source's object code, and compiling
// it again in each was about a third of the test build (under the
// sanitizers, more).
#pragma once

#include "arena/battle_dice.hpp"
#include "arena/scripted_dice.hpp"
#include "rules/dnd5e/battle.hpp"

namespace arena::dnd5e {

extern template BattleOutcome play_battle<ScriptedDice, NoEvents>(const BattlePlan&, BattleState&,
                                                                  ScriptedDice&, NoEvents&&);
extern template BattleOutcome play_battle<BattleDice, NoEvents>(const BattlePlan&, BattleState&,
                                                                BattleDice&, NoEvents&&);

}  // namespace arena::dnd5e

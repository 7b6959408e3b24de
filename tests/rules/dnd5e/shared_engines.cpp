// The one compilation of the engines that shared_engines.hpp declares.
#include "rules/dnd5e/shared_engines.hpp"

namespace arena::dnd5e {

template BattleOutcome play_battle<ScriptedDice, NoEvents>(const BattlePlan&, BattleState&,
                                                           ScriptedDice&, NoEvents&&);
template BattleOutcome play_battle<BattleDice, NoEvents>(const BattlePlan&, BattleState&,
                                                         BattleDice&, NoEvents&&);

}  // namespace arena::dnd5e

// The built-in Warmachine models: the six warjacks and warbeasts of seed
// 003's tests (Destroyer, Behemoth, Conquest, Ironclad, Spriggan,
// Scythean). Where the seed gives a stat it is the seed's; every other
// value was chosen so that all 25 of the seed's tests pass, and each model's
// `note` says which. Names are looked up by library_key (any case; spaces,
// hyphens or underscores alike). Immutable; thread-safe.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/warmachine/model.hpp"

namespace arena::warmachine {

std::span<const Model> library_models();
// nullptr when there is none of that name.
const Model* library_model(std::string_view name);
// The lookup keys of every model, for "did you mean".
const std::vector<std::string>& library_model_keys();

}  // namespace arena::warmachine

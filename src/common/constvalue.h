// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <type_traits>
#include <utility>

namespace sfdesk {

// A container a call returned, to be read as const: a range-for over a non-const Qt container
// calls its non-const begin(), which copies the data when it is shared (clazy's
// range-loop-detach). std::as_const does the same for a named container; it refuses temporaries.
template <typename Container>
    requires(!std::is_lvalue_reference_v<Container>)
const Container constValue(Container&& container)
{
    return std::forward<Container>(container); // an rvalue: the requires-clause refuses lvalues
}

} // namespace sfdesk

// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

class QComboBox;

namespace sfdesk {

// Combo boxes filled from the session's lists.
namespace Combos {

struct Choice
{
    QString text;
    QString id;
    bool operator==(const Choice&) const = default;
};

// Shows items, keeping the chosen one (by id) through a refresh; says it changed only when it did.
void refill(QComboBox* combo, const QList<Choice>& items);

} // namespace Combos

} // namespace sfdesk

// SPDX-License-Identifier: Apache-2.0

#include "gui/common/combos.h"

#include <QComboBox>
#include <QSignalBlocker>

namespace sfdesk {

namespace Combos {

void refill(QComboBox* combo, const QList<Choice>& items)
{
    QList<Choice> shown;
    for (int i = 0; i < combo->count(); ++i)
        shown.append({combo->itemText(i), combo->itemData(i).toString()});
    if (shown == items)
        return;
    const QString chosen = combo->currentData().toString();
    const int before = combo->currentIndex();
    {
        const QSignalBlocker block(combo);
        combo->clear();
        for (const Choice& item : items)
            combo->addItem(item.text, item.id);
        const int kept = combo->findData(chosen);
        combo->setCurrentIndex(kept >= 0 ? kept : (items.isEmpty() ? -1 : 0));
    }
    if (combo->currentData().toString() != chosen || combo->currentIndex() != before)
        Q_EMIT combo->currentIndexChanged(combo->currentIndex());
}

} // namespace Combos

} // namespace sfdesk

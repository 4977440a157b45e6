// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"
#include "core/models/resourcetablemodel.h"
#include "core/util/clock.h"

namespace sfdesk {

// Pool rows for the views; see ResourceTableModel for the refresh rules.
class PoolModel final : public ColumnTableModel<PoolModel, Pool>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PoolModel)

public:
    enum Column
    {
        NameColumn,
        WorkspaceColumn,
        KindColumn,
        NodesNowColumn,
        SkusColumn,
        CreatedColumn,
        IdColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit PoolModel(QObject* parent = nullptr);
    // Columns that depend on "now" read this clock (tests fix it).
    void setClock(const Clock* clock);
    qint64 nowSecs() const { return m_clock->nowSecs(); }

private:
    const Clock* m_clock = Clock::system();
};

} // namespace sfdesk

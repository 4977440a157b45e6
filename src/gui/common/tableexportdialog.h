// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>

class QTableView;
class QWidget;

namespace sfdesk {

// Export of a table as the user sees it, the same on every page that shows a table of data: its
// rows in the order shown and its shown columns in the order shown, as CSV or JSON.
class TableExportDialog final
{
    Q_DECLARE_TR_FUNCTIONS(TableExportDialog)

public:
    enum class FileType
    {
        Csv,
        Json,
    };

    // Writes the table to path, atomically; false and *error when it could not.
    static bool write(const QTableView* table, const QString& path, FileType type, QString* error = nullptr);
    // Asks where to save it (CSV or JSON, by the name or the filter chosen) without blocking, writes
    // it there and says what happened through report(). id names the dialog and the suggested file.
    static void ask(QWidget* parent, const QTableView* table, const QString& id, const QString& title,
                    std::function<void(const QString& message)> report);
};

} // namespace sfdesk

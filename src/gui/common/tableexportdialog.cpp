// SPDX-License-Identifier: Apache-2.0

#include "gui/common/tableexportdialog.h"

#include "core/models/tableexport.h"
#include "gui/common/filedialogs.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QHeaderView>
#include <QPointer>
#include <QSaveFile>
#include <QTableView>

namespace sfdesk {

bool TableExportDialog::write(const QTableView* table, const QString& path, FileType type, QString* error)
{
    const QAbstractItemModel* model = table->model();
    const QHeaderView* header = table->horizontalHeader();
    QList<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns << logical;
    }
    const QByteArray data =
        type == FileType::Csv ? TableExport::toCsv(*model, columns) : TableExport::toJson(*model, columns);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void TableExportDialog::ask(QWidget* parent, const QTableView* table, const QString& id, const QString& title,
                            std::function<void(const QString& message)> report)
{
    const QPointer<const QTableView> shown(table);
    auto* dialog = FileDialogs::toSave(
        parent, id + QStringLiteral("ExportDialog"), title, id + QStringLiteral(".csv"),
        tr("CSV (*.csv);;JSON (*.json)"), [shown, report = std::move(report)](const QString& path) {
            if (!shown)
                return;
            const FileType type =
                path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive) ? FileType::Json : FileType::Csv;
            QString error;
            if (write(shown, path, type, &error))
                report(tr("Exported %n row(s) to %1.", nullptr, shown->model()->rowCount()).arg(path));
            else
                report(tr("Could not export to %1: %2").arg(path, error));
        });
    QObject::connect(dialog, &QFileDialog::filterSelected, dialog, [dialog](const QString& filter) {
        dialog->setDefaultSuffix(filter.contains(QStringLiteral("json")) ? QStringLiteral("json")
                                                                         : QStringLiteral("csv"));
    });
    dialog->setDefaultSuffix(QStringLiteral("csv"));
    dialog->open();
}

} // namespace sfdesk

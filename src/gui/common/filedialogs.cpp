// SPDX-License-Identifier: Apache-2.0

#include "gui/common/filedialogs.h"

#include <QFileDialog>

namespace sfdesk {

namespace FileDialogs {

namespace {

QFileDialog* make(QWidget* parent, QFileDialog::AcceptMode mode, const QString& objectName,
                  const QString& title, const QString& start, const QString& filter,
                  std::function<void(const QString&)> chosen)
{
    auto* dialog = new QFileDialog(parent, title, start, filter);
    dialog->setObjectName(objectName);
    dialog->setAcceptMode(mode);
    if (mode == QFileDialog::AcceptOpen)
        dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(dialog, &QFileDialog::fileSelected, parent, std::move(chosen));
    return dialog;
}

} // namespace

QFileDialog* toOpen(QWidget* parent, const QString& objectName, const QString& title,
                    const QString& directory, const QString& filter,
                    std::function<void(const QString& path)> chosen)
{
    return make(parent, QFileDialog::AcceptOpen, objectName, title, directory, filter, std::move(chosen));
}

QFileDialog* toSave(QWidget* parent, const QString& objectName, const QString& title,
                    const QString& suggestedFile, const QString& filter,
                    std::function<void(const QString& path)> chosen)
{
    return make(parent, QFileDialog::AcceptSave, objectName, title, suggestedFile, filter, std::move(chosen));
}

} // namespace FileDialogs

} // namespace sfdesk

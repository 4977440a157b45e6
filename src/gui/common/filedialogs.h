// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

#include <functional>

class QFileDialog;
class QWidget;

namespace sfdesk {

// File dialogs as the app shows them: window-modal and asynchronous (not QFileDialog's static
// getters, whose nested event loop would hold the polls and the UI behind it), named for tests and
// screen readers, deleted when closed. chosen(path) runs once the user picks a file. The dialog is
// returned unopened, for any further setting; call open() on it.
namespace FileDialogs {

QFileDialog* toOpen(QWidget* parent, const QString& objectName, const QString& title,
                    const QString& directory, const QString& filter,
                    std::function<void(const QString& path)> chosen);
QFileDialog* toSave(QWidget* parent, const QString& objectName, const QString& title,
                    const QString& suggestedFile, const QString& filter,
                    std::function<void(const QString& path)> chosen);

} // namespace FileDialogs

} // namespace sfdesk

// Input of lint_nested_loops_finds: each line marked "found" must be reported, no other.

void dialogs(QDialog& dialog, QDialog* pointer, QMenu& menu, QMessageBox& box, QWidget* parent)
{
    dialog.exec();                           // found
    pointer->exec();                         // found
    menu.exec(QCursor::pos());               // found
    box.exec();                              // found
    QMessageBox::question(parent, "t", "q"); // found
    QMessageBox::warning(parent, "t", "w");  // found
    QFileDialog::getOpenFileName(parent);    // found
    QInputDialog::getText(parent, "t", "l"); // found
    QEventLoop loop;                         // found
    QCoreApplication::processEvents();       // found
    future.waitForFinished();                // found
    QApplication::exec();                    // found: not in src/app
    // dialog.exec() in a comment, and "menu.exec()" in a string, are not calls:
    log("menu.exec()");
    dialog.open();
    QProcess::execute(u"true"_s, {});
}

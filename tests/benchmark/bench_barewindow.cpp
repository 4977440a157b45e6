// SPDX-License-Identifier: Apache-2.0

// The baseline of the app's cold start: a bare Qt Widgets window, shown and checked for exposure
// exactly the way `sfdesk --self-test` checks its main window (polled every 20 ms), then closed.
// run-all.sh times both processes from start to exit.

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QMainWindow>
#include <QTimer>
#include <QWindow>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QMainWindow window;
    window.setCentralWidget(new QLabel(QStringLiteral("bare window"), &window));
    window.resize(1280, 800);
    window.show();
    QElapsedTimer started;
    started.start();
    QTimer timer;
    QObject::connect(&timer, &QTimer::timeout, &window, [&window, &timer, &started] {
        const QWindow* handle = window.windowHandle();
        const bool shown = window.isVisible() && handle && handle->isExposed();
        if (shown || started.elapsed() > 10000) {
            timer.stop();
            std::fprintf(stderr, "bare window %s\n", shown ? "shown" : "NOT shown");
            window.close();
            QCoreApplication::exit(shown ? 0 : 1);
        }
    });
    timer.start(20);
    return QApplication::exec();
}

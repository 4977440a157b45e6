#include "core/appinfo.h"
#include "core/settings/settings.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/orders/orderspage.h"
#include "gui/reservations/reservationspage.h"
#include "gui/theme/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>
#include <QWindow>

#include <cstdio>
#include <functional>
#include <memory>

namespace {

void installTranslations(QApplication& app, const QString& language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    auto* own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("sfdesk"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

// Calls done(true) once the window is on screen, done(false) after a timeout.
void whenExposed(MainWindow& window, std::function<void(bool)> done)
{
    auto* timer = new QTimer(&window);
    auto started = std::make_shared<QElapsedTimer>();
    started->start();
    QObject::connect(timer, &QTimer::timeout, &window, [&window, timer, started, done = std::move(done)] {
        const QWindow* handle = window.windowHandle();
        if (window.isVisible() && handle && handle->isExposed()) {
            timer->stop();
            done(true);
        } else if (started->elapsed() > 10000) {
            timer->stop();
            done(false);
        }
    });
    timer->start(20);
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    AppInfo::applyIdentity(app);
    QGuiApplication::setDesktopFileName(QLatin1StringView(AppInfo::desktopFileName));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Desktop client for SF Compute: InfiniBand partitions, "
                                            "reservation planning and cloud-init."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption selfTest(QStringLiteral("self-test"),
                                      QCoreApplication::translate("main", "Open the main window, check that "
                                                                          "it is shown and exit."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QCoreApplication::translate("main", "Render the main window to a PNG "
                                                                            "file and exit."),
                                        QStringLiteral("file"));
    const QCommandLineOption section(QStringLiteral("section"),
                                     QCoreApplication::translate("main", "Open this section of the sidebar."),
                                     QStringLiteral("id"));
    const QCommandLineOption colorScheme(QStringLiteral("color-scheme"),
                                         QCoreApplication::translate("main",
                                                                     "Use a light or dark palette for "
                                                                     "this run (system, light, dark)."),
                                         QStringLiteral("scheme"));
    parser.addOptions({selfTest, screenshot, section, colorScheme});
    parser.process(app);

    Settings settings;
    installTranslations(app, settings.language());

    Theme theme(&settings);
    if (parser.isSet(colorScheme)) {
        const QString value = parser.value(colorScheme).toLower();
        if (value == u"dark")
            theme.setOverride(Settings::ColorScheme::Dark);
        else if (value == u"light")
            theme.setOverride(Settings::ColorScheme::Light);
        else if (value != u"system") {
            std::fprintf(stderr, "sfdesk: --color-scheme: expected system, light or dark\n");
            return 2;
        }
    }
    theme.apply();

    MainWindow window(&settings);
    // No connection yet: the pages say so until a market backend is handed to them.
    window.addSection(QStringLiteral("reservations"), QIcon::fromTheme(QStringLiteral("view-calendar")),
                      QCoreApplication::translate("main", "Reservations"), new ReservationsPage(nullptr));
    window.addSection(QStringLiteral("orders"), QIcon::fromTheme(QStringLiteral("view-list-details")),
                      QCoreApplication::translate("main", "Orders"), new OrdersPage(nullptr, &settings));
    if (parser.isSet(section) && !window.setCurrentSection(parser.value(section))) {
        std::fprintf(stderr, "sfdesk: --section: unknown section '%s' (known: %s)\n",
                     qPrintable(parser.value(section)), qPrintable(window.sectionIds().join(u", ")));
        return 2;
    }
    window.show();

    if (parser.isSet(selfTest)) {
        whenExposed(window, [&window](bool shown) {
            std::fprintf(stderr, "sfdesk self-test: main window %s\n", shown ? "shown" : "NOT shown");
            window.close();
            QCoreApplication::exit(shown ? 0 : 1);
        });
        return QApplication::exec();
    }
    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        whenExposed(window, [&window, file](bool shown) {
            // Let layouts and deferred paints settle before grabbing.
            QTimer::singleShot(300, &window, [&window, file, shown] {
                const bool saved = shown && window.grab().save(file, "PNG");
                if (!saved)
                    std::fprintf(stderr, "sfdesk: could not write the screenshot to %s\n", qPrintable(file));
                window.close();
                QCoreApplication::exit(saved ? 0 : 1);
            });
        });
        return QApplication::exec();
    }
    return QApplication::exec();
}
